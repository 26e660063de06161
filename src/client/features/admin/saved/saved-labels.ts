// Display words for stored configuration values (seed 001 §3).
const frequencies: Record<string, string> = { monthly: 'Monthly', quarterly: 'Quarterly', annually: 'Annually' };
const models: Record<string, string> = { sqm: 'Square Meter Based', user: 'User Based' };

export function frequencyLabel(value: string): string {
  return frequencies[value] ?? value;
}
export function pricingModelLabel(value: string): string {
  return models[value] ?? value;
}
