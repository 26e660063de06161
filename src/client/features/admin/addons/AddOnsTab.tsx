export function AddOnsTab() {
  return null;
}
