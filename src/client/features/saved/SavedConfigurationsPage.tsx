export function SavedConfigurationsPage() {
  return null;
}
