// The catalogue as the client receives it, derived from the router's answer to catalog.all: a field the server adds
// or changes reaches these types exactly as it reaches the bytes. The few names the screens use often.
import type { RouterOutputs } from './trpc';

export type CatalogDto = RouterOutputs['catalog']['all'];
export type PackageDto = CatalogDto['packages'][number];
export type PriceTierDto = PackageDto['priceTiers'][number];
export type UserPriceTierDto = PackageDto['userPriceTiers'][number];
export type AddOnDto = CatalogDto['addOns'][number];
export type CategoryDto = CatalogDto['categories'][number];
export type DiscountDto = CatalogDto['discounts'][number];
