export function SavedConfigsTab() {
  return null;
}
