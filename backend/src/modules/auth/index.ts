/** What other parts of Kino (the workers) use of accounts and sign-in. */
export { issueResetLink } from './password-reset';
