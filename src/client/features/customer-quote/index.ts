export { CustomerQuotePage } from './CustomerQuotePage';
