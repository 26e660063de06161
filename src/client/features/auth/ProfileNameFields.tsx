// First and last name side by side, then the company: the part of a profile Register and Profile Settings both ask.
import { Input, SimpleGrid } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './FormField';

export interface ProfileNames {
  firstname: string;
  lastname: string;
  companyName: string;
}

/** `register`: the form's own register, narrowed to these three names. */
export function ProfileNameFields({
  register: reg,
  errors: err,
}: {
  register: (name: keyof ProfileNames) => UseFormRegisterReturn;
  errors: FieldErrors<ProfileNames>;
}) {
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label="First Name" error={err.firstname?.message}>
          <Input autoComplete="given-name" {...reg('firstname')} />
        </FormField>
        <FormField label="Last Name" error={err.lastname?.message}>
          <Input autoComplete="family-name" {...reg('lastname')} />
        </FormField>
      </SimpleGrid>
      <FormField label="Company Name" error={err.companyName?.message}>
        <Input autoComplete="organization" {...reg('companyName')} />
      </FormField>
    </>
  );
}
