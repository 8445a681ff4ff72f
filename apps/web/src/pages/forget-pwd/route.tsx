import { ForgetPwdPage } from './ForgetPwdPage';

export const Component = ForgetPwdPage;
