// The demo organisation's letters: a few between the demo colleagues and the admin, written
// through the letters' own calls (so numbers, boxes, counts, events and notifications are
// what using the portal would make), so that `npm start` opens on a live cartable.
// Runs once, right after the first-start seed, when demo data is on.
import { withTenant } from '../db/tenant-fence';
import type { Services } from '../services';
import type { LettersDb } from '../letters/schema';
import { signLetter } from '../letters/actions';
import { letterDetail } from '../letters/detail';
import { forwardLetter } from '../letters/forward';
import { forwardParams, saveParams } from '../letters/params';
import { saveLetter } from '../letters/save';
import type { Viewer } from '../letters/access';

interface DemoLetter {
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  body: string[];
  answer?: boolean;
  /** sent (default), a signed draft, or a draft */
  state?: 'sent' | 'signed' | 'draft';
  readBy?: string[];
  forward?: { by: string; to: string; note: string };
}

const ADMIN = 'admin';
const LETTERS: DemoLetter[] = [
  {
    from: '09121111111',
    to: ['09122222222'],
    subject: 'گزارش عملکرد ماهانه واحد فروش',
    body: [
      'با سلام و احترام',
      'گزارش عملکرد واحد فروش در ماه گذشته به پیوست تقدیم می‌شود.',
      'خواهشمند است نظر خود را اعلام فرمایید.',
    ],
    answer: true,
  },
  {
    from: '09122222222',
    to: ['09121111111'],
    cc: ['09123333333'],
    subject: 'درخواست خرید تجهیزات اداری',
    body: [
      'با سلام',
      'برای واحد مالی دو دستگاه رایانه و یک چاپگر مورد نیاز است.',
      'فهرست اقلام و برآورد هزینه پیوست است.',
    ],
    readBy: ['09121111111'],
    forward: { by: '09121111111', to: '09124444444', note: 'لطفاً استعلام قیمت گرفته شود' },
  },
  {
    from: '09123333333',
    to: [ADMIN],
    subject: 'هماهنگی جلسه هیئت مدیره',
    body: ['با سلام و احترام', 'جلسه هیئت مدیره روز دوشنبه ساعت ۱۰ در سالن جلسات برگزار می‌شود.'],
    answer: true,
  },
  {
    from: ADMIN,
    to: ['09121111111', '09122222222', '09123333333', '09124444444', '09125555555'],
    subject: 'اطلاعیه تعطیلات نوروزی',
    body: ['همکاران گرامی', 'ضمن تبریک سال نو، ساعات کاری پس از تعطیلات نوروزی از ساعت ۸ تا ۱۶ خواهد بود.'],
  },
  {
    from: '09125555555',
    to: [ADMIN],
    subject: 'درخواست مرخصی استحقاقی',
    body: [
      'با سلام',
      'خواهشمند است با مرخصی استحقاقی اینجانب از تاریخ ۱۴۰۵/۰۲/۱۰ به مدت سه روز موافقت فرمایید.',
    ],
    answer: true,
    readBy: [ADMIN],
  },
  {
    from: '09124444444',
    to: ['09121111111'],
    subject: 'پیش‌نویس قرارداد پشتیبانی نرم‌افزار',
    body: ['متن اولیه قرارداد پشتیبانی برای بررسی آماده شده است.'],
    state: 'draft',
  },
  {
    from: ADMIN,
    to: ['09124444444'],
    subject: 'ابلاغ دستورالعمل بایگانی اسناد',
    body: ['دستورالعمل جدید بایگانی اسناد از ابتدای ماه آینده اجرا می‌شود.'],
    state: 'signed',
  },
];

async function viewers(
  services: Services,
  tenantId: number,
): Promise<Map<string, Viewer & { personId: number }>> {
  const db = services.db as unknown as LettersDb;
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('persons as p', (join) =>
      join.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.user_fk', '=', 'u.id'),
    )
    .leftJoin('user_group_members as m', (join) =>
      join.onRef('m.tenant_id', '=', 'u.tenant_id').onRef('m.user_id', '=', 'u.id'),
    )
    .leftJoin('user_group_permissions as g', (join) =>
      join.onRef('g.tenant_id', '=', 'm.tenant_id').onRef('g.group_id', '=', 'm.group_id'),
    )
    .select(['u.id', 'u.username', 'p.id as person_id', 'g.permission'])
    .where('u.tenant_id', '=', tenantId)
    .execute();
  const found = new Map<string, Viewer & { personId: number }>();
  for (const row of rows) {
    const viewer = found.get(row.username) ?? {
      tenantId,
      userId: row.id,
      personId: row.person_id,
      permissions: new Set<string>(),
    };
    if (row.permission) viewer.permissions.add(row.permission);
    found.set(row.username, viewer);
  }
  return found;
}

export async function seedDemoLetters(services: Services, tenantId: number, adminUsername: string) {
  await withTenant(tenantId, async () => {
    const people = await viewers(services, tenantId);
    const who = (name: string) => people.get(name === ADMIN ? adminUsername : name);
    const db = services.db as unknown as LettersDb;
    const scheme = await db
      .selectFrom('andikators')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('message_type_fk', '=', 4)
      .where('is_default', '=', true)
      .executeTakeFirst();
    if (!scheme) return;
    for (const letter of LETTERS) {
      const author = who(letter.from);
      const to = letter.to.map(who);
      if (!author || to.some((p) => !p)) continue;
      const params = saveParams.parse({
        MessageTypeFk: 4,
        Subject: letter.subject,
        MessageBody: letter.body.map((line) => `<p>${line}</p>`).join(''),
        AndikatorFk: scheme.id,
        SelectedTo: to.map((p) => p!.personId),
        SelectedCC: (letter.cc ?? []).map((name) => who(name)?.personId).filter(Boolean),
        AnswerRequest: letter.answer ?? false,
        IsSend: letter.state ? 0 : 1,
      });
      const id = await saveLetter(services, author, params);
      if (letter.state === 'signed') await signLetter(services, author, id);
      for (const reader of letter.readBy ?? []) {
        const viewer = who(reader);
        if (viewer) await letterDetail(services, viewer, id);
      }
      const forward = letter.forward;
      const by = forward && who(forward.by);
      const target = forward && who(forward.to);
      if (forward && by && target)
        await forwardLetter(
          services,
          by,
          forwardParams.parse({
            MessageId: id,
            IsSend: 1,
            SelectedTo: [target.personId],
            ForwardMessage: forward.note,
          }),
        );
    }
  });
}
