export { i18nProvider } from './i18nProvider';
export { faMessages } from './fa';
