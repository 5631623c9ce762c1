export { LoginPage } from './routes/LoginPage';
export { SignupPage } from './routes/SignupPage';
export { ForgotPasswordPage } from './routes/ForgotPasswordPage';
export { ResetPasswordPage } from './routes/ResetPasswordPage';
export { VerifyEmailPage } from './routes/VerifyEmailPage';
export { AuthCallbackPage } from './routes/AuthCallbackPage';
export { USER_TYPE_OPTIONS, FORGOT_PASSWORD_CONFIRMATION } from './constants';
