// The dashboard's server calls (spec 1 §7 "Home") and the shapes it reads.
import { answerMessage, http, type ApiAnswer } from '../../api/http';

export interface HomeBoxes {
  unReadMessageCount: number;
  answerRequestCount: number;
  draftMessageCount: number;
  unCompleteTaskCount: number;
}

export interface QuickLink {
  linkId: number;
  caption: string;
  url: string;
}

type BoxAnswer = ApiAnswer & Partial<HomeBoxes> & { record?: Partial<HomeBoxes> };

const BOX_NAMES: Array<keyof HomeBoxes> = [
  'unReadMessageCount',
  'answerRequestCount',
  'draftMessageCount',
  'unCompleteTaskCount',
];

/** The four counts; read at the top level or under `record`, whichever the server sends.
 *  A refusal is a failed load (useLoader), not four zeros. */
export async function fetchHomeBoxes(): Promise<HomeBoxes> {
  const answer = await http.get<BoxAnswer>('home/getbox/');
  if (answer.status !== 1) throw new Error(answerMessage(answer) || 'home/getbox/ refused');
  const source = answer.record ?? answer;
  return Object.fromEntries(
    BOX_NAMES.map((name) => [name, Number(source[name] ?? 0)]),
  ) as unknown as HomeBoxes;
}

/** Some payloads spell the id LinkId. */
function toQuickLink(raw: Partial<QuickLink> & { LinkId?: number }): QuickLink {
  return { linkId: Number(raw.linkId ?? raw.LinkId), caption: raw.caption ?? '', url: raw.url ?? '' };
}

export async function fetchQuickLinks(): Promise<QuickLink[]> {
  const answer = await http.get<ApiAnswer & { records?: QuickLink[] }>('link/list/', { Page: 1, Count: -1 });
  return answer.status === 1 ? (answer.records ?? []).map(toQuickLink) : [];
}

export async function fetchQuickLink(id: number): Promise<QuickLink | null> {
  const answer = await http.get<ApiAnswer & { record?: QuickLink }>('link/get/', { Id: id });
  return answer.status === 1 && answer.record ? toQuickLink(answer.record) : null;
}

export const updateQuickLink = (link: QuickLink) =>
  http.post('link/update/', { Id: link.linkId, Caption: link.caption, Url: link.url });

export const deleteQuickLink = (id: number) => http.post('link/delete/', { Id: id });
