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

  it('refuses negative and non-numeric fees, accepts blank as 0', () => {
    const r = packageFormSchema.safeParse({ ...newPackageForm(), name: 'Flex', basePrice: '-1', setupFee: 'abc', extraLocationPrice: '' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['basePrice', 'Base price must be a number of 0 or more'],
      ['setupFee', 'Setup fee must be a number of 0 or more'],
    ]);
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
