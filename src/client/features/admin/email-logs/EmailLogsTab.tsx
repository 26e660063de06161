export function EmailLogsTab() {
  return null;
}
