/**
 * Consent records (docs/architecture.md, "The public and its data"): who consented to which text — the
 * document's version and its hash — when, from which address and through which channel; a withdrawal is a
 * record too. The marketing consent's standing is also kept on the user (users.marketing_consent), written in
 * the same transaction, because every marketing send checks it at the moment of sending.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ConsentRecord, ConsentsResponse } from '../../contract/privacy';
import type { ConsentAction, ConsentChannel, ConsentDocument } from '../../contract/legal';
import { schema, type Db, type Tx } from '../../db';
import { currentVersion } from '../documents/service';

const { consents, documentVersions, users } = schema;

export interface ConsentEntry {
  userId: number;
  document: ConsentDocument;
  action: ConsentAction;
  channel: ConsentChannel;
  /** The request's address; null when none is known. */
  ip: string | null;
}

/** Writes one record in the caller's transaction. A given consent names the version in force; a withdrawal, the one last given. */
export async function recordConsent(tx: Tx, entry: ConsentEntry): Promise<void> {
  const version =
    (entry.action === 'withdrawn' && (await lastGivenVersion(tx, entry.userId, entry.document))) ||
    (await currentVersion(tx, entry.document));
  await tx.insert(consents).values({
    userId: entry.userId,
    documentVersionId: version.id,
    document: entry.document,
    action: entry.action,
    channel: entry.channel,
    textHash: version.textHash,
    ipAddress: entry.ip?.slice(0, 45) ?? null,
  });
  if (entry.document === 'marketing-consent') {
    await tx
      .update(users)
      .set({ marketingConsent: entry.action === 'given' })
      .where(eq(users.id, entry.userId));
  }
}

async function lastGivenVersion(tx: Tx, userId: number, document: ConsentDocument) {
  const [row] = await tx
    .select({ version: documentVersions })
    .from(consents)
    .innerJoin(documentVersions, eq(documentVersions.id, consents.documentVersionId))
    .where(and(eq(consents.userId, userId), eq(consents.document, document), eq(consents.action, 'given')))
    .orderBy(desc(consents.id))
    .limit(1);
  return row?.version;
}

/** The consents a new account gives: the processing consent always, the marketing one when its box was ticked. */
export async function recordSignUpConsents(
  tx: Tx,
  userId: number,
  { marketing, channel, ip }: { marketing: boolean; channel: ConsentChannel; ip: string | null },
): Promise<void> {
  await recordConsent(tx, { userId, document: 'personal-data-consent', action: 'given', channel, ip });
  if (marketing) await recordConsent(tx, { userId, document: 'marketing-consent', action: 'given', channel, ip });
}

/** Whether the person's last word on the processing consent was to give it. */
export async function hasPersonalDataConsent(db: Db | Tx, userId: number): Promise<boolean> {
  const [last] = await db
    .select({ action: consents.action })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.document, 'personal-data-consent')))
    .orderBy(desc(consents.id))
    .limit(1);
  return last?.action === 'given';
}

/** Every record of a person, newest first, with the title and number of the version it names. */
export async function consentRecords(db: Db | Tx, userId: number): Promise<ConsentRecord[]> {
  const rows = await db
    .select({ record: consents, title: documentVersions.title, version: documentVersions.version })
    .from(consents)
    .innerJoin(documentVersions, eq(documentVersions.id, consents.documentVersionId))
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.id));
  return rows.map(({ record, title, version }) => ({
    id: record.id,
    document: record.document as ConsentDocument,
    title,
    version,
    text_hash: record.textHash,
    action: record.action,
    channel: record.channel,
    ip_address: record.ipAddress,
    created_at: record.createdAt.toISOString(),
  }));
}

/** GET /api/profile/consents: where each consent stands and the records behind it. */
export async function consentsOf(db: Db | Tx, userId: number): Promise<ConsentsResponse> {
  const [records, [user]] = await Promise.all([
    consentRecords(db, userId),
    db.select({ marketing: users.marketingConsent }).from(users).where(eq(users.id, userId)),
  ]);
  const personal = records.find((r) => r.document === 'personal-data-consent');
  return {
    personal_data: personal?.action === 'given',
    marketing: user?.marketing ?? false,
    records,
  };
}
