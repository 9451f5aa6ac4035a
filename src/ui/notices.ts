// The green and red notices of spec 1 §8, on top of react-admin's notification system.
// Every screen uses this instead of calling useNotify with its own durations.
import { useMemo } from 'react';
import { useNotify } from 'react-admin';
import { answerMessage, type ApiAnswer } from '../api/http';

export const SUCCESS_MESSAGE = 'درخواست با موفقیت انجام شد';
const SUCCESS_MS = 2500;
const ERROR_MS = 2000;

export interface Notice {
  /** Green notice; the spec's standard text unless another is given. */
  success(message?: string): void;
  /** Red notice with the server's (or the error's) own text; 2 s unless told otherwise. */
  error(message: string, durationMs?: number): void;
  /** Status 1 → success, otherwise the answer's message in red. Returns true on status 1. */
  fromAnswer(answer: ApiAnswer): boolean;
}

export function useNotice(): Notice {
  const notify = useNotify();
  return useMemo(() => {
    const success = (message = SUCCESS_MESSAGE) =>
      notify(message, { type: 'success', autoHideDuration: SUCCESS_MS });
    const error = (message: string, durationMs = ERROR_MS) =>
      notify(message || 'خطا در انجام درخواست', { type: 'error', autoHideDuration: durationMs });
    const fromAnswer = (answer: ApiAnswer) => {
      if (answer.status === 1) success();
      else error(answerMessage(answer));
      return answer.status === 1;
    };
    return { success, error, fromAnswer };
  }, [notify]);
}
