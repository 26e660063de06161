// The customer's page as a small state machine: reading, answering (accept / decline), answered. Pure, tested
// without a DOM (customer-quote-state.test.ts).
import { acceptInput, type SharedQuoteView } from '../../../shared/schemas/share';

export type Panel = 'none' | 'accept' | 'decline';

export interface CustomerQuoteState {
  panel: Panel;
  name: string;
  email: string;
  reason: string;
  /** The acceptance confirmation box ("I accept ...") must be ticked before Accept is sent. */
  confirmed: boolean;
}

export type CustomerQuoteAction =
  | { type: 'open'; panel: Panel }
  | { type: 'field'; field: 'name' | 'email' | 'reason'; value: string }
  | { type: 'confirm'; value: boolean }
  | { type: 'answered' };

export const initialState: CustomerQuoteState = { panel: 'none', name: '', email: '', reason: '', confirmed: false };

export function customerQuoteReducer(state: CustomerQuoteState, action: CustomerQuoteAction): CustomerQuoteState {
  switch (action.type) {
    case 'open':
      return { ...state, panel: action.panel, confirmed: action.panel === 'accept' ? state.confirmed : false };
    case 'field':
      return { ...state, [action.field]: action.value };
    case 'confirm':
      return { ...state, confirmed: action.value };
    case 'answered':
      return { ...initialState };
  }
}

/** Accept can be sent once a name and an address the server takes are filled in and the confirmation is ticked. */
export function canSendAccept(s: CustomerQuoteState): boolean {
  return s.name.trim() !== '' && acceptInput.shape.email.safeParse(s.email).success && s.confirmed;
}

export const statusLabel: Record<SharedQuoteView['status'], string> = {
  draft: 'Being revised',
  sent: 'Awaiting your answer',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const statusPalette: Record<SharedQuoteView['status'], string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
};
