/**
 * The drafts Kino ships: the first version of every document, written when a document is first read and has
 * none (modules/documents/service.ts), so registration always has a consent text to name.
 */
import type { DocumentSlug } from '../../../contract/legal';
import * as cookies from './cookies';
import * as marketingConsent from './marketing-consent';
import * as offer from './offer';
import * as personalDataConsent from './personal-data-consent';
import * as privacyPolicy from './privacy-policy';
import * as refunds from './refunds';
import * as rules from './rules';

export const DRAFTS: Record<DocumentSlug, { title: string; body: string }> = {
  'personal-data-consent': personalDataConsent,
  'privacy-policy': privacyPolicy,
  offer,
  rules,
  refunds,
  'marketing-consent': marketingConsent,
  cookies,
};
