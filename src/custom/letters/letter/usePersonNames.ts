// Colleagues' names for person ids (person/lookup, open to every user of the tenant), in
// the order of the ids; an id the lookup does not find is left out.
import { useGetMany } from 'react-admin';
import { LOOKUP } from '../../../dataProvider';

export function usePersonNames(ids: number[]): { names: string[]; isPending: boolean } {
  const { data, isPending } = useGetMany('person', { ids, meta: LOOKUP }, { enabled: ids.length > 0 });
  const byId = new Map((data ?? []).map((record) => [String(record.id), String(record.title ?? record.id)]));
  return {
    names: ids.flatMap((id) => byId.get(String(id)) ?? []),
    isPending: ids.length > 0 && isPending,
  };
}
