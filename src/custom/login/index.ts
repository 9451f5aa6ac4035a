export { LoginPage } from './LoginPage';
