export function CategoriesTab() {
  return null;
}
