// Persian only. Missing keys are shown as they are, so a server message passed to
// notify() (already Persian) is displayed verbatim.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { faMessages } from './fa';

export const i18nProvider = polyglotI18nProvider(() => faMessages, 'fa', [{ locale: 'fa', name: 'فارسی' }], {
  allowMissing: true,
});
