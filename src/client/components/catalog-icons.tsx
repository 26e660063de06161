// The 30 category icons (docs/PRODUCT.md "The admin area"), by the id the server stores, with the name a person reads, drawn from
// react-icons/lu: the one set the admin picks from and the calculator draws. An unknown or missing id draws the gear
// (the default, docs/PRODUCT.md "The calculator").
import type { IconType } from 'react-icons';
import {
  LuBadgeCheck,
  LuBriefcase,
  LuBuilding2,
  LuCalendar,
  LuChartColumn,
  LuClock,
  LuCloud,
  LuCreditCard,
  LuDatabase,
  LuDoorOpen,
  LuEuro,
  LuFileText,
  LuGlobe,
  LuHouse,
  LuLightbulb,
  LuListChecks,
  LuLock,
  LuMail,
  LuMapPin,
  LuMegaphone,
  LuMessageCircle,
  LuNetwork,
  LuPhone,
  LuPrinter,
  LuSettings,
  LuShield,
  LuShoppingCart,
  LuUsers,
  LuWifi,
  LuWrench,
} from 'react-icons/lu';
import { CATEGORY_ICONS, type CategoryIcon } from '../../shared/schemas/catalog-admin';

export interface CatalogIconOption {
  id: CategoryIcon;
  label: string;
  Icon: IconType;
}

const ICONS: Record<CategoryIcon, { label: string; Icon: IconType }> = {
  building: { label: 'Building', Icon: LuBuilding2 },
  house: { label: 'House', Icon: LuHouse },
  door: { label: 'Door', Icon: LuDoorOpen },
  chat: { label: 'Chat', Icon: LuMessageCircle },
  phone: { label: 'Phone', Icon: LuPhone },
  envelope: { label: 'Mail', Icon: LuMail },
  megaphone: { label: 'Announcements', Icon: LuMegaphone },
  shield: { label: 'Security', Icon: LuShield },
  lock: { label: 'Lock', Icon: LuLock },
  currency: { label: 'Currency', Icon: LuEuro },
  cart: { label: 'Cart', Icon: LuShoppingCart },
  'credit-card': { label: 'Payment', Icon: LuCreditCard },
  wifi: { label: 'WiFi', Icon: LuWifi },
  printer: { label: 'Printer', Icon: LuPrinter },
  database: { label: 'Database', Icon: LuDatabase },
  cloud: { label: 'Cloud Services', Icon: LuCloud },
  network: { label: 'Network', Icon: LuNetwork },
  calendar: { label: 'Calendar', Icon: LuCalendar },
  clock: { label: 'Clock', Icon: LuClock },
  file: { label: 'Documents', Icon: LuFileText },
  checklist: { label: 'Tasks', Icon: LuListChecks },
  people: { label: 'People', Icon: LuUsers },
  briefcase: { label: 'Work', Icon: LuBriefcase },
  lightbulb: { label: 'Ideas', Icon: LuLightbulb },
  tools: { label: 'Tools', Icon: LuWrench },
  gear: { label: 'Settings', Icon: LuSettings },
  graph: { label: 'Analytics', Icon: LuChartColumn },
  checkmark: { label: 'Verified', Icon: LuBadgeCheck },
  map: { label: 'Location', Icon: LuMapPin },
  globe: { label: 'Global', Icon: LuGlobe },
};

/** In CATEGORY_ICONS' order, the order the icon picker shows them in. */
export const CATALOG_ICON_OPTIONS: CatalogIconOption[] = CATEGORY_ICONS.map((id) => ({ id, ...ICONS[id] }));

export function isCatalogIcon(id: string | null | undefined): id is CategoryIcon {
  return typeof id === 'string' && Object.hasOwn(ICONS, id);
}

export function catalogIconLabel(id: string | null | undefined): string {
  return isCatalogIcon(id) ? ICONS[id].label : 'Settings';
}

/** The icon component for a stored id (case and surrounding spaces ignored); the gear when unknown. */
export function catalogIconComponent(id: string | null | undefined): IconType {
  const key = (id ?? '').trim().toLowerCase();
  return isCatalogIcon(key) ? ICONS[key].Icon : LuSettings;
}

/** Decorative: callers name the icon in text next to it. */
export function CatalogIcon({ id, size = 18 }: { id: string | null | undefined; size?: number }) {
  const Icon = catalogIconComponent(id);
  return <Icon size={size} aria-hidden="true" focusable="false" />;
}
