export function PackagesTab() {
  return null;
}
