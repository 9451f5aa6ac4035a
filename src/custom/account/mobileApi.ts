// Mobile approval calls (spec 1 §7). Answers carry `messge` or `message`.
import { http } from '../../api/http';
import { normalMobile } from '../../shared/mobile';
import { toLatinDigits } from '../../shared/persian-digits';

export const changeMobile = (mobile: string) =>
  http.put('user/changeusermobile/', { Mobile: normalMobile(mobile) });

export const requestApprovalCode = () => http.post('user/approveusersendcode/');

export const confirmApprovalCode = (code: string) =>
  http.post('user/approveuser/', { code: toLatinDigits(code).trim() });
