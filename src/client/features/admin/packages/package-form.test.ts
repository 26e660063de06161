import { describe, expect, it } from 'vitest';
import { createPackageInput } from '../../../../shared/schemas/catalog-admin';
import { formToPackageInput, newPackageForm, packageFormSchema } from './package-form';

describe('package form', () => {
  it('starts with fees 0 and the two standard features, both included', () => {
    expect(newPackageForm()).toEqual({
      name: '',
      description: '',
      basePrice: '0',
      setupFee: '0',
      extraLocationPrice: '0',
      features: [
        { text: 'Basic features', included: true },
        { text: 'Standard support', included: true },
      ],
    });
  });

  it('requires a name with the seed message', () => {
    const r = packageFormSchema.safeParse({ ...newPackageForm(), name: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Package name is required']);
  });

  it('refuses negative, non-numeric and too large fees in the server’s words, accepts blank as 0', () => {
    const r = packageFormSchema.safeParse({ ...newPackageForm(), name: 'Flex', basePrice: '-1', setupFee: 'abc', extraLocationPrice: '' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['basePrice', 'Base price must be 0 or more'],
      ['setupFee', 'Setup fee must be a number'],
    ]);
    const big = packageFormSchema.safeParse({
      ...newPackageForm(),
      name: 'Flex',
      basePrice: '100000000',
      setupFee: '1e3',
      extraLocationPrice: '1,234',
    });
    expect(big.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['basePrice', 'Base price is too large'],
      ['setupFee', 'Setup fee must be a number'],
      // "1,234" may be a thousand or one and a bit: refused, not guessed
      ['extraLocationPrice', 'Extra location price must be a number'],
    ]);
  });

  it('takes a decimal comma as the server does: "12,50" and "1.234,50" are €12.50 and €1,234.50', () => {
    const input = formToPackageInput({ ...newPackageForm(), name: 'Flex', basePrice: '12,50', setupFee: '1.234,50', extraLocationPrice: '1,234.50' });
    expect(packageFormSchema.safeParse({ ...newPackageForm(), name: 'Flex', basePrice: '12,50', setupFee: '1.234,50' }).success).toBe(true);
    const parsed = createPackageInput.parse(input);
    expect([parsed.basePrice, parsed.setupFee, parsed.extraLocationPrice]).toEqual([1250, 123450, 123450]);
  });

  it('sends trimmed values, blank fees as 0, and leaves blank feature rows out; the server schema accepts it', () => {
    const input = formToPackageInput({
      name: ' Flex ',
      description: ' Flexible ',
      basePrice: '149.5',
      setupFee: '',
      extraLocationPrice: '25',
      features: [
        { text: ' Room booking ', included: true },
        { text: '  ', included: true },
        { text: 'Analytics', included: false },
      ],
    });
    expect(input).toEqual({
      name: 'Flex',
      description: 'Flexible',
      basePrice: '149.5',
      setupFee: '0',
      extraLocationPrice: '25',
      features: [
        { text: 'Room booking', included: true },
        { text: 'Analytics', included: false },
      ],
    });
    const parsed = createPackageInput.parse(input);
    expect([parsed.basePrice, parsed.setupFee, parsed.extraLocationPrice]).toEqual([14950, 0, 2500]);
  });
});
