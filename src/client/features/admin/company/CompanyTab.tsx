// The Company tab: the seller as customers see it (docs/API.md "The seller"). The customer's page, the PDF and the
// mails print these details; the terms are shown before Accept and printed on the PDF. A link already sent keeps the
// details it was made with.
import { Box, Button, Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COMPANY_TERMS_MAX, companyInput, type Company } from '../../../../shared/schemas/company';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { formatCount } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { LoadingBlock, SectionHeader } from '../shared/shell-ui';

type Values = z.input<typeof companyInput>;
const formValues = (c: Company): Values => ({
  name: c.name,
  address: c.address ?? '',
  email: c.email ?? '',
  phone: c.phone ?? '',
  vatNumber: c.vatNumber ?? '',
  terms: c.terms ?? '',
});

export function CompanyTab() {
  const company = trpc.catalog.company.useQuery();
  const utils = trpc.useUtils();
  // the form follows the stored details (react-hook-form resets to `values` when they change)
  const values = useMemo(() => (company.data ? formValues(company.data) : undefined), [company.data]);
  const form = useForm<Values, unknown, z.output<typeof companyInput>>({ resolver: zodResolver(companyInput), values });
  const errors = form.formState.errors;
  const save = trpc.admin.company.update.useMutation({
    onSuccess: (saved) => {
      utils.catalog.company.setData(undefined, saved);
      // also when the stored details equal the old ones (only spaces were typed): the fields show what was stored
      form.reset(formValues(saved));
      notify('success', 'Company details saved', 'New quotes, links and mails use them.');
    },
    onError: (err) => notify('error', 'Company details not saved', errorMessage(err, 'Please try again.')),
  });

  if (!company.data) return <LoadingBlock label="Loading company details..." />;
  const terms = form.watch('terms') ?? '';
  const field = (
    name: 'name' | 'email' | 'phone' | 'vatNumber',
    label: string,
    props: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <Field.Root invalid={Boolean(errors[name])} required={props.required}>
      <Field.Label>
        {label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input type={props.type ?? 'text'} autoComplete={props.autoComplete ?? 'off'} {...form.register(name)} />
      <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Box>
      <SectionHeader title="Company" description="The seller your customers see on the quote page, the PDF and the mails." />
      <Box bg="bg" borderWidth="1px" rounded="l3" p={{ base: '4', md: '6' }} maxW="3xl">
        <form noValidate onSubmit={(e) => void form.handleSubmit((v) => save.mutate(v))(e)}>
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {field('name', 'Company name', { required: true, autoComplete: 'organization' })}
              {field('vatNumber', 'VAT number')}
              {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
              {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
            </SimpleGrid>
            <Field.Root invalid={Boolean(errors.address)}>
              <Field.Label>Address</Field.Label>
              <Textarea rows={3} autoComplete="street-address" {...form.register('address')} />
              <Field.ErrorText>{errors.address?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.terms)}>
              <Field.Label>Terms and conditions</Field.Label>
              <Textarea rows={8} {...form.register('terms')} />
              <Field.HelperText>
                Shown to the customer before they accept, and printed on the PDF; accepting a quote accepts them. {formatCount(terms.length)} of{' '}
                {formatCount(COMPANY_TERMS_MAX)} characters.
              </Field.HelperText>
              <Field.ErrorText>{errors.terms?.message}</Field.ErrorText>
            </Field.Root>
            <Text textStyle="xs" color="fg.muted">
              A link already sent keeps the details it was made with; sending or sharing again uses these.
            </Text>
            <Box>
              <Button type="submit" colorPalette="blue" loading={save.isPending} disabled={!form.formState.isDirty}>
                Save company details
              </Button>
            </Box>
          </Stack>
        </form>
      </Box>
    </Box>
  );
}
