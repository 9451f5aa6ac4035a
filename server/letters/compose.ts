// A letter's fields as the user composed them, checked by its type's rules (spec 1 §5):
// subject, numbering scheme and body always; internal and incoming letters need at least
// one recipient (colleagues), incoming letters their own number and date, receive method
// and sender customer; outgoing letters a sender (a colleague) and recipient customers.
// Every reference must exist in the tenant; the author is no recipient of their letter.
import { UserError } from '../http/answers';
import { cleanPersianText, hasVisibleText } from '../../src/shared/persian';
import { FUTURE_INCOMING_DATE, isAfterTehranToday } from '../../src/shared/jalali';
import { importedNumberReordered } from '../../src/shared/letter-limits';
import type { Viewer } from './access';
import { visibleIds } from './access';
import { bodyShowsText, storedBody } from './body';
import { BCC, CC, INCOMING, INTERNAL, OUTGOING, TO } from './constants';
import { schemeFor } from './numbering';
import type { RelatedInput, SaveParams } from './params';
import { colleaguesOf, userName, type Colleague } from './people';
import type { LettersTrx } from './schema';

export interface Composed {
  columns: {
    message_type_fk: number;
    subject: string;
    message_body: string;
    body_excerpt: string;
    andikator_fk: number;
    project_fk: number | null;
    recive_method_fk: number | null;
    imported_msg_number: string;
    imported_msg_date: Date | null;
    from_customer_fk: number | null;
    from_man_user_id: number | null;
    export_customer_agent: number | null;
    answer_request: boolean;
    message_from: string;
    message_to: string;
    message_cc: string;
  };
  /** Colleagues by kind (TO, CC, BCC), in the order chosen. */
  recipients: Array<Colleague & { kind: number }>;
  customers: number[];
  related: RelatedInput[];
}

const required = (label: string) => new UserError(`${label} الزامی است`);
const names = (list: Array<{ name: string }>) => list.map((item) => item.name).join('، ');

async function customerNames(trx: LettersTrx, tenantId: number, ids: number[], label: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await trx
    .selectFrom('customers')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', unique)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.name]));
  return unique.map((id) => {
    const name = byId.get(id);
    if (name === undefined) throw new UserError(`${label} انتخاب‌شده وجود ندارد`);
    return { id, name };
  });
}

async function receiveMethodExists(trx: LettersTrx, tenantId: number, id: number) {
  const row = await trx
    .selectFrom('recive_methods')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new UserError('روش دریافت انتخاب‌شده وجود ندارد');
}

/**
 * Projects (spec 2) and customers' agents (spec 3) are not built yet: no id names one, so a
 * letter that names one is refused as any reference to a missing record is, instead of
 * keeping a number that points at nothing. The checks against their tables replace these
 * when those entities land.
 */
export function checkUnbuiltReferences(params: { ProjectFk?: number; ExportCustomerAgent?: number }) {
  if (params.ProjectFk) throw new UserError('پروژه انتخاب‌شده وجود ندارد');
  if (params.ExportCustomerAgent) throw new UserError('نماینده مشتری انتخاب‌شده وجود ندارد');
}

/** To, CC and Bcc colleagues: each person once (the first list that names them wins),
 *  never the author. */
async function colleagueRecipients(
  trx: LettersTrx,
  viewer: Viewer,
  lists: Array<[kind: number, ids: number[] | undefined, label: string]>,
  kept: ReadonlySet<number>,
) {
  const seen = new Set<number>();
  const recipients: Array<Colleague & { kind: number }> = [];
  for (const [kind, ids, label] of lists) {
    for (const colleague of await colleaguesOf(trx, viewer.tenantId, ids ?? [], label, {
      kept,
      readers: true,
    })) {
      // Naming oneself is refused; one the draft named already (passed to one of its own
      // recipients) is kept as its author wrote it — signing and sending still wait until
      // they take themselves off (send.ts draftRecipients).
      if (colleague.userId === viewer.userId && !kept.has(viewer.userId))
        throw new UserError(`${label}: نمی‌توانید نامه را برای خودتان بفرستید`);
      if (seen.has(colleague.personId)) continue;
      seen.add(colleague.personId);
      recipients.push({ ...colleague, kind });
    }
  }
  return recipients;
}

async function checkedRelated(trx: LettersTrx, viewer: Viewer, related: RelatedInput[], ownId: number) {
  const unique = [...new Map(related.map((r) => [r.messageId, r])).values()];
  const visible = await visibleIds(
    trx,
    viewer,
    unique.map((r) => r.messageId),
  );
  for (const r of unique) {
    if (r.messageId === ownId || !visible.has(r.messageId)) throw new UserError('نامه مرتبط یافت نشد');
  }
  return unique;
}

/** The draft a save changes, as far as composing it needs: what it holds already stays
 *  acceptable when switched off since (its scheme, its recipients and sender). */
export interface DraftHeld {
  id: number;
  schemeId: number;
  users: ReadonlySet<number>;
}

export async function composeLetter(
  trx: LettersTrx,
  viewer: Viewer,
  params: SaveParams,
  type: number,
  draft?: DraftHeld,
): Promise<Composed> {
  const tenantId = viewer.tenantId;
  const ownId = draft?.id ?? 0;
  const kept = draft?.users ?? new Set<number>();
  const subject = cleanPersianText(params.Subject);
  if (!hasVisibleText(subject)) throw required('موضوع');
  if (!params.AndikatorFk) throw required('اندیکاتور');
  await schemeFor(trx, tenantId, params.AndikatorFk, type, draft?.schemeId);
  const body = storedBody(params.MessageBody);
  if (!bodyShowsText(body.message_body)) throw required('متن نامه');

  if (params.AnswerRequest && type !== INTERNAL) throw new UserError('نیاز به پاسخ فقط برای نامه داخلی است');
  const copies: Array<[number, number[] | undefined, string]> = [
    [CC, params.SelectedCC, 'رونوشت'],
    [BCC, params.SelectedBcc, 'رونوشت مخفی'],
  ];
  let recipients: Composed['recipients'];
  let customers: Array<{ id: number; name: string }> = [];
  let from = '';
  let fromCustomer: number | null = null;
  let fromMan: number | null = null;
  checkUnbuiltReferences({
    ProjectFk: params.ProjectFk,
    ExportCustomerAgent: type === OUTGOING ? params.ExportCustomerAgent : undefined,
  });
  if (type === OUTGOING) {
    if (!params.MessageFromManFk) throw required('فرستنده');
    const [sender] = await colleaguesOf(trx, tenantId, [params.MessageFromManFk], 'فرستنده', { kept });
    fromMan = sender.userId;
    from = sender.name;
    if (!params.SelectedTo?.length) throw required('گیرندگان');
    customers = await customerNames(trx, tenantId, params.SelectedTo, 'گیرندگان');
    recipients = await colleagueRecipients(trx, viewer, copies, kept);
  } else {
    if (!params.SelectedTo?.length) throw required('گیرندگان');
    recipients = await colleagueRecipients(
      trx,
      viewer,
      [[TO, params.SelectedTo, 'گیرندگان'], ...copies],
      kept,
    );
    if (type === INCOMING) {
      if (!hasVisibleText(params.ImportedMsgNumber)) throw required('شماره نامه وارده');
      const reordered = importedNumberReordered(params.ImportedMsgNumber);
      if (reordered) throw new UserError(reordered);
      if (!params.ImportedMsgDate) throw required('تاریخ نامه وارده');
      if (isAfterTehranToday(params.ImportedMsgDate)) throw new UserError(FUTURE_INCOMING_DATE);
      if (!params.ReciveMethodFk) throw required('روش دریافت');
      await receiveMethodExists(trx, tenantId, params.ReciveMethodFk);
      if (!params.MessageFromCustomerFk) throw required('مشتری فرستنده');
      const [customer] = await customerNames(trx, tenantId, [params.MessageFromCustomerFk], 'مشتری فرستنده');
      fromCustomer = customer.id;
      from = customer.name;
    } else {
      from = await userName(trx, tenantId, viewer.userId);
    }
  }
  const to = type === OUTGOING ? customers : recipients.filter((r) => r.kind === TO);
  return {
    columns: {
      message_type_fk: type,
      subject,
      ...body,
      andikator_fk: params.AndikatorFk,
      project_fk: params.ProjectFk ?? null,
      recive_method_fk: type === INCOMING ? (params.ReciveMethodFk ?? null) : null,
      imported_msg_number: type === INCOMING ? cleanPersianText(params.ImportedMsgNumber) : '',
      imported_msg_date: type === INCOMING ? (params.ImportedMsgDate ?? null) : null,
      from_customer_fk: fromCustomer,
      from_man_user_id: fromMan,
      export_customer_agent: type === OUTGOING ? (params.ExportCustomerAgent ?? null) : null,
      answer_request: type === INTERNAL && params.AnswerRequest === true,
      message_from: from,
      message_to: names(to),
      message_cc: names(recipients.filter((r) => r.kind === CC)),
    },
    recipients,
    customers: customers.map((c) => c.id),
    related: await checkedRelated(trx, viewer, params.RelatedMessages as RelatedInput[], ownId),
  };
}

/** Writes the letter's address list and related letters (replacing what a draft had). */
export async function writeAddresses(
  trx: LettersTrx,
  tenantId: number,
  messageId: number,
  composed: Composed,
) {
  await trx
    .deleteFrom('message_recipients')
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .execute();
  await trx
    .deleteFrom('message_customers')
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .execute();
  if (composed.recipients.length)
    await trx
      .insertInto('message_recipients')
      .values(
        composed.recipients.map((r, position) => ({
          tenant_id: tenantId,
          message_id: messageId,
          user_id: r.userId,
          kind: r.kind,
          position,
        })),
      )
      .execute();
  if (composed.customers.length)
    await trx
      .insertInto('message_customers')
      .values(
        composed.customers.map((customer_id, position) => ({
          tenant_id: tenantId,
          message_id: messageId,
          customer_id,
          position,
        })),
      )
      .execute();
}

export async function addRelations(
  trx: LettersTrx,
  viewer: Viewer,
  messageId: number,
  related: RelatedInput[],
) {
  if (!related.length) return;
  await trx
    .insertInto('message_relations')
    .values(
      related.map((r) => ({
        tenant_id: viewer.tenantId,
        message_id: messageId,
        related_id: r.messageId,
        follow: r.follow,
        created_by: viewer.userId,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'message_id', 'related_id'])
        .doUpdateSet((eb) => ({ follow: eb.ref('excluded.follow') })),
    )
    .execute();
}
