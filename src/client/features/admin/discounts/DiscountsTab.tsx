export function DiscountsTab() {
  return null;
}
