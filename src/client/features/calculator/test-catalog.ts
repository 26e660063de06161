// A small catalogue in the API's DTO shape for the calculator's unit and component tests (the demo catalogue's
// figures: Entry/Advanced/Ultimate, a multiple and a single add-on category, add-ons priced per item and per location,
// discounts with conditions).
import type { CatalogDto } from '../../lib/catalog-types';
import { toPricingCatalog } from '../../../shared/catalog';
import type { CalculatorContext } from './calculator-state';

const tiers = (packageId: number, unit: [number, number | null, string][], user: [number, number | null, string][]) => ({
  priceTiers: unit.map(([minSqm, maxSqm, pricePerSqm], i) => ({ id: packageId * 10 + i, packageId, minSqm, maxSqm, pricePerSqm })),
  userPriceTiers: user.map(([minUsers, maxUsers, pricePerUser], i) => ({ id: packageId * 10 + i, packageId, minUsers, maxUsers, pricePerUser })),
});

const features = [
  { id: 1, text: 'Room booking', included: true },
  { id: 2, text: 'Analytics dashboard', included: false },
];

export const testCatalog: CatalogDto = {
  // deliberately not in display order
  packages: [
    {
      id: 3,
      name: 'Ultimate',
      description: 'All of it.',
      basePrice: '399.00',
      setupFee: '1999.00',
      extraLocationPrice: '99.00',
      features,
      createdAt: '2024-01-01T00:00:00.000Z',
      ...tiers(
        3,
        [
          [200, 999, '4.00'],
          [1000, null, '3.50'],
        ],
        [
          [25, 49, '22.00'],
          [50, null, '19.00'],
        ],
      ),
    },
    {
      id: 1,
      name: 'Entry',
      description: 'Small.',
      basePrice: '99.00',
      setupFee: '499.00',
      extraLocationPrice: '49.00',
      features,
      createdAt: '2024-01-01T00:00:00.000Z',
      ...tiers(
        1,
        [
          [100, 999, '3.00'],
          [1000, 4999, '2.50'],
          [5000, null, '2.00'],
        ],
        [
          [10, 49, '15.00'],
          [50, null, '12.00'],
        ],
      ),
    },
    {
      id: 2,
      name: 'Advanced',
      description: 'Medium.',
      basePrice: '199.00',
      setupFee: '999.00',
      extraLocationPrice: '79.00',
      features,
      createdAt: '2024-01-01T00:00:00.000Z',
      ...tiers(2, [], []),
    },
  ],
  categories: [
    { id: 1, name: 'Integrations', icon: 'network', allowsMultipleSelection: true },
    { id: 2, name: 'Support Plans', icon: 'people', allowsMultipleSelection: false },
    { id: 3, name: 'Gadgets', icon: 'no-such-icon', allowsMultipleSelection: true },
  ],
  addOns: [
    {
      id: 11,
      name: 'Microsoft 365 Integration',
      description: 'Calendar sync.',
      categoryId: 1,
      unit: 'quote',
      setupFee: '150.00',
      monthlyFee: '25.00',
      availableForPackages: [1, 2, 3],
    },
    {
      id: 12,
      name: 'Google Workspace Integration',
      description: 'Calendar sync.',
      categoryId: 1,
      unit: 'quote',
      setupFee: '150.00',
      monthlyFee: '25.00',
      availableForPackages: [1, 2, 3],
    },
    {
      id: 21,
      name: 'Business Support',
      description: 'Business hours.',
      categoryId: 2,
      unit: 'quote',
      setupFee: '0.00',
      monthlyFee: '99.00',
      availableForPackages: [1, 2, 3],
    },
    {
      id: 22,
      name: 'Premium Support',
      description: '24/7.',
      categoryId: 2,
      unit: 'quote',
      setupFee: '500.00',
      monthlyFee: '199.00',
      availableForPackages: [2, 3],
    },
    {
      id: 31,
      name: 'Sensor',
      description: 'A sensor.',
      categoryId: 3,
      unit: 'item',
      setupFee: '450.00',
      monthlyFee: '35.00',
      availableForPackages: [3],
    },
    {
      id: 32,
      name: 'Door Display',
      description: 'One at each entrance.',
      categoryId: 3,
      unit: 'location',
      setupFee: '0.00',
      monthlyFee: '15.00',
      availableForPackages: [1, 2, 3],
    },
  ],
  discounts: [
    {
      id: 1,
      name: '3-Year Contract Discount',
      description: '10% off.',
      type: 'percentage',
      value: '10.00',
      conditions: [{ id: 1, type: 'contractDuration', operator: '=', value: 36 }],
    },
    {
      id: 2,
      name: 'Large Floor Space',
      description: '15% off the unit price.',
      type: 'sqm_percentage',
      value: '15.00',
      conditions: [{ id: 2, type: 'squareMeters', operator: '>=', value: 5000 }],
    },
    { id: 3, name: 'Enterprise Users', description: '10% off the user price.', type: 'user_percentage', value: '10.00', conditions: [] },
    { id: 4, name: 'Welcome Credit', description: '€50 off.', type: 'fixed', value: '50.00', conditions: [] },
    {
      id: 5,
      name: 'Annual Prepay Bonus',
      description: 'One month free.',
      type: 'free_months',
      value: '1.00',
      conditions: [{ id: 3, type: 'paymentFrequency', operator: '=', value: 'annually' }],
    },
    {
      id: 6,
      name: 'Multi-Site Setup Discount',
      description: 'Half the setup fees.',
      type: 'setup_fee_discount',
      value: '50.00',
      conditions: [{ id: 4, type: 'locations', operator: '>=', value: 3 }],
    },
  ],
};

export const testContext: CalculatorContext = { catalog: testCatalog, pricing: toPricingCatalog(testCatalog) };
