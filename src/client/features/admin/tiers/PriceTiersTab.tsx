export function PriceTiersTab() {
  return null;
}
