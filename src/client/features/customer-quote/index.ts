export { CustomerQuotePage, LinkNotValidPage } from './CustomerQuotePage';
