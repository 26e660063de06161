// The demo catalogue: three packages, both kinds of add-on category, and at least one discount rule of each of the
// six types. Money here is in cents.
export const demoPackages = [
  {
    name: 'Entry',
    description: 'Room and desk booking for a single office.',
    basePrice: 9900,
    setupFee: 49900,
    extraLocationPrice: 4900,
    features: [
      { text: 'Room booking', included: true },
      { text: 'Desk booking', included: true },
      { text: 'Mobile app', included: true },
      { text: 'Visitor management', included: false },
      { text: 'Analytics dashboard', included: false },
    ],
    unitTiers: [
      { min: 100, max: 999, price: 300 },
      { min: 1000, max: 4999, price: 250 },
      { min: 5000, max: null, price: 200 },
    ],
    userTiers: [
      { min: 10, max: 49, price: 1500 },
      { min: 50, max: 199, price: 1200 },
      { min: 200, max: null, price: 1000 },
    ],
  },
  {
    name: 'Advanced',
    description: 'Hybrid work for growing organisations with several sites.',
    basePrice: 19900,
    setupFee: 99900,
    extraLocationPrice: 7900,
    features: [
      { text: 'Room booking', included: true },
      { text: 'Desk booking', included: true },
      { text: 'Mobile app', included: true },
      { text: 'Visitor management', included: true },
      { text: 'Analytics dashboard', included: false },
    ],
    unitTiers: [
      { min: 100, max: 999, price: 350 },
      { min: 1000, max: 4999, price: 300 },
      { min: 5000, max: null, price: 250 },
    ],
    userTiers: [
      { min: 10, max: 49, price: 1800 },
      { min: 50, max: 199, price: 1500 },
      { min: 200, max: null, price: 1200 },
    ],
  },
  {
    name: 'Ultimate',
    description: 'The complete workplace platform for enterprises.',
    basePrice: 39900,
    setupFee: 199900,
    extraLocationPrice: 9900,
    features: [
      { text: 'Room booking', included: true },
      { text: 'Desk booking', included: true },
      { text: 'Mobile app', included: true },
      { text: 'Visitor management', included: true },
      { text: 'Analytics dashboard', included: true },
    ],
    unitTiers: [
      { min: 100, max: 999, price: 400 },
      { min: 1000, max: 4999, price: 350 },
      { min: 5000, max: null, price: 300 },
    ],
    userTiers: [
      { min: 10, max: 49, price: 2200 },
      { min: 50, max: 199, price: 1900 },
      { min: 200, max: null, price: 1600 },
    ],
  },
] as const;

export const demoCategories = [
  { name: 'Integrations', icon: 'network', allowsMultipleSelection: true },
  { name: 'Security', icon: 'shield', allowsMultipleSelection: true },
  { name: 'Hardware', icon: 'printer', allowsMultipleSelection: true },
  { name: 'Support Plans', icon: 'people', allowsMultipleSelection: false },
] as const;

type PackageName = (typeof demoPackages)[number]['name'];
const ALL: PackageName[] = ['Entry', 'Advanced', 'Ultimate'];

export const demoAddOns: {
  name: string;
  description: string;
  category: (typeof demoCategories)[number]['name'];
  setupFee: number;
  monthlyFee: number;
  packages: PackageName[];
}[] = [
  {
    name: 'Microsoft 365 Integration',
    description: 'Calendar and room sync with Microsoft 365.',
    category: 'Integrations',
    setupFee: 15000,
    monthlyFee: 2500,
    packages: ALL,
  },
  {
    name: 'Google Workspace Integration',
    description: 'Calendar and room sync with Google Workspace.',
    category: 'Integrations',
    setupFee: 15000,
    monthlyFee: 2500,
    packages: ALL,
  },
  {
    name: 'Single Sign-On (SSO)',
    description: 'SAML and OpenID Connect sign-in.',
    category: 'Security',
    setupFee: 25000,
    monthlyFee: 4900,
    packages: ['Advanced', 'Ultimate'],
  },
  {
    name: 'Audit Log',
    description: 'Who changed what, kept for a year.',
    category: 'Security',
    setupFee: 0,
    monthlyFee: 1900,
    packages: ['Ultimate'],
  },
  {
    name: 'Room Display Panels',
    description: 'Door displays showing room availability.',
    category: 'Hardware',
    setupFee: 30000,
    monthlyFee: 1500,
    packages: ALL,
  },
  {
    name: 'Desk Occupancy Sensors',
    description: 'Sensors that release unused desk bookings.',
    category: 'Hardware',
    setupFee: 45000,
    monthlyFee: 3500,
    packages: ['Advanced', 'Ultimate'],
  },
  {
    name: 'Business Support',
    description: 'Business-hours support with a 4-hour response.',
    category: 'Support Plans',
    setupFee: 0,
    monthlyFee: 9900,
    packages: ALL,
  },
  {
    name: 'Premium Support',
    description: '24/7 support with a named account manager.',
    category: 'Support Plans',
    setupFee: 50000,
    monthlyFee: 19900,
    packages: ['Advanced', 'Ultimate'],
  },
];

type DemoCondition = { type: string; operator: string; value: number | string | PackageName[] };
export const demoDiscounts: { name: string; description: string; type: string; value: number; conditions: DemoCondition[] }[] = [
  {
    name: '2-Year Contract Discount',
    description: '5% off for contracts of two years or more.',
    type: 'percentage',
    value: 500,
    conditions: [{ type: 'contractDuration', operator: '>=', value: 24 }],
  },
  {
    name: '3-Year Contract Discount',
    description: '10% off for three-year contracts.',
    type: 'percentage',
    value: 1000,
    conditions: [{ type: 'contractDuration', operator: '=', value: 36 }],
  },
  {
    name: 'Large Floor Space',
    description: '15% off the unit price from 5,000 units.',
    type: 'sqm_percentage',
    value: 1500,
    conditions: [
      { type: 'squareMeters', operator: '>=', value: 5000 },
      { type: 'pricingModel', operator: '=', value: 'sqm' },
    ],
  },
  {
    name: 'Enterprise Users',
    description: '10% off the user price from 200 users.',
    type: 'user_percentage',
    value: 1000,
    conditions: [
      { type: 'userCount', operator: '>=', value: 200 },
      { type: 'pricingModel', operator: '=', value: 'user' },
    ],
  },
  {
    name: 'Welcome Credit',
    description: '€50 off every month on Advanced and Ultimate.',
    type: 'fixed',
    value: 5000,
    conditions: [{ type: 'package', operator: 'in', value: ['Advanced', 'Ultimate'] }],
  },
  {
    name: 'Annual Prepay Bonus',
    description: 'One month free when paying annually.',
    type: 'free_months',
    value: 100,
    conditions: [{ type: 'paymentFrequency', operator: '=', value: 'annually' }],
  },
  {
    name: 'Multi-Site Setup Discount',
    description: 'Half the setup fees from three locations.',
    type: 'setup_fee_discount',
    value: 5000,
    conditions: [{ type: 'locations', operator: '>=', value: 3 }],
  },
];

export const demoAccounts = [
  { email: 'admin@example.com', password: 'Admin1234', firstname: 'Ada', lastname: 'Admin', companyName: 'Quote Demo BV', isAdmin: true },
  { email: 'demo@example.com', password: 'Demo12345', firstname: 'Sam', lastname: 'Sales', companyName: 'Quote Demo BV', isAdmin: false },
] as const;
