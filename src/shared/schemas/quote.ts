// Quote form data (seed 000 §3). Deliberately loose: the engine normalises every field (CONTRACT §2 step 1), so a
// half-typed form still gets a quote. Only the shape is checked here.
import { z } from 'zod';

export const quoteFormInput = z
  .object({
    packageId: z.unknown(),
    pricingModel: z.unknown(),
    squareMeters: z.unknown(),
    userCount: z.unknown(),
    locations: z.unknown(),
    addOns: z.unknown(),
    customItems: z.unknown(),
    selectedDiscountIds: z.unknown(),
    contractDuration: z.unknown(),
    paymentFrequency: z.unknown(),
  })
  .partial();
export type QuoteFormInputData = z.infer<typeof quoteFormInput>;
