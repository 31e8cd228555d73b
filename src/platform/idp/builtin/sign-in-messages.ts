// The words of the builtin provider's pages, one catalogue per language (Keycloak's messages_<lang>.properties):
// English and Arabic. `{name}` placeholders are filled by formatMessage. Every catalogue has every key (the type
// says so), so a page never mixes languages except for a refusal's technical detail (an OAuth parameter's name).
import type { PasswordRule } from '../../password-policy.js';
import { PASSWORD_MIN_LENGTH } from '../../password-policy.js';
import { formatMessage, type Language } from '../../rendering/language.js';

const en = {
  signInTitle: 'Sign in',
  signInHeading: 'Sign in to your account',
  username: 'Username or e-mail',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  signIn: 'Sign in',
  forgotPassword: 'Forgot password?',
  wrongCredentials: 'Invalid username or password.',
  enterUsername: 'Enter your username or e-mail.',
  enterPassword: 'Enter your password.',
  accountDisabled: 'Your account is disabled.',
  pageExpired: 'The page expired. Sign in again.',
  signInExpired: 'Your sign-in expired. Sign in again.',
  tooManyAttempts: 'Too many sign-in attempts. Try again in {seconds} s.',
  newPasswordTitle: 'Update password',
  newPasswordHeading: 'Choose a new password',
  temporaryNote: 'You signed in with a temporary password. Choose your own to continue.',
  newPassword: 'New password',
  confirmPassword: 'Confirm the new password',
  savePassword: 'Save the password',
  rulesHeading: 'Your password must:',
  ruleMinLength: 'have at least {min} characters',
  ruleNotLogin: 'not be your username',
  ruleNotEmail: 'not be your e-mail address',
  passwordMust: 'The password must {rule}.',
  enterNewPassword: 'Enter a new password.',
  passwordsDiffer: 'The two passwords are not the same.',
  passwordBusy: 'Your password could not be saved just now. Try again in {seconds} s.',
  pageExpiredTryAgain: 'The page expired. Try again.',
  resetTitle: 'Forgot password',
  resetHeading: 'Forgot your password?',
  resetIntro: 'Enter the e-mail address of your account. We will send it a link to choose a new password.',
  email: 'E-mail',
  sendLink: 'Send the link',
  resetSentTitle: 'Check your e-mail',
  resetSent:
    'If an account uses that address, we sent it an e-mail with a link to choose a new password. ' +
    'The link works for one hour.',
  enterEmail: 'Enter your e-mail address.',
  tooManyRequests: 'Too many requests. Try again in {seconds} s.',
  backToSignIn: 'Back to sign in',
  signOutTitle: 'Sign out',
  signOutQuestion: 'Do you want to sign out?',
  signOut: 'Sign out',
  signedOutTitle: 'Signed out',
  signedOut: 'You are signed out.',
  backTo: 'Back to {name}',
  notFoundTitle: 'Not found',
  unknownSignIn: 'This sign-in address is unknown.',
  unknownSignOut: 'This sign-out address is unknown.',
  signInRefused: 'Sign-in refused',
  signOutRefused: 'Sign-out refused',
  signOutExpired: 'The page expired. Sign out again.',
};

export type SignInMessages = Readonly<Record<keyof typeof en, string>>;

const ar: SignInMessages = {
  signInTitle: 'تسجيل الدخول',
  signInHeading: 'سجّل الدخول إلى حسابك',
  username: 'اسم المستخدم أو البريد الإلكتروني',
  password: 'كلمة المرور',
  showPassword: 'إظهار كلمة المرور',
  hidePassword: 'إخفاء كلمة المرور',
  signIn: 'تسجيل الدخول',
  forgotPassword: 'نسيت كلمة المرور؟',
  wrongCredentials: 'اسم المستخدم أو كلمة المرور غير صحيحة.',
  enterUsername: 'أدخل اسم المستخدم أو البريد الإلكتروني.',
  enterPassword: 'أدخل كلمة المرور.',
  accountDisabled: 'حسابك معطّل.',
  pageExpired: 'انتهت صلاحية الصفحة. سجّل الدخول مرة أخرى.',
  signInExpired: 'انتهت جلسة تسجيل الدخول. سجّل الدخول مرة أخرى.',
  tooManyAttempts: 'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى بعد {seconds} ثانية.',
  newPasswordTitle: 'تحديث كلمة المرور',
  newPasswordHeading: 'اختر كلمة مرور جديدة',
  temporaryNote: 'سجّلت الدخول بكلمة مرور مؤقتة. اختر كلمة مرور خاصة بك للمتابعة.',
  newPassword: 'كلمة المرور الجديدة',
  confirmPassword: 'تأكيد كلمة المرور الجديدة',
  savePassword: 'حفظ كلمة المرور',
  rulesHeading: 'يجب أن تكون كلمة المرور:',
  ruleMinLength: 'من {min} أحرف على الأقل',
  ruleNotLogin: 'مختلفة عن اسم المستخدم',
  ruleNotEmail: 'مختلفة عن بريدك الإلكتروني',
  passwordMust: 'يجب أن تكون كلمة المرور {rule}.',
  enterNewPassword: 'أدخل كلمة مرور جديدة.',
  passwordsDiffer: 'كلمتا المرور غير متطابقتين.',
  passwordBusy: 'تعذّر حفظ كلمة المرور الآن. حاول مرة أخرى بعد {seconds} ثانية.',
  pageExpiredTryAgain: 'انتهت صلاحية الصفحة. حاول مرة أخرى.',
  resetTitle: 'نسيت كلمة المرور',
  resetHeading: 'هل نسيت كلمة المرور؟',
  resetIntro: 'أدخل البريد الإلكتروني لحسابك، وسنرسل إليه رابطًا لاختيار كلمة مرور جديدة.',
  email: 'البريد الإلكتروني',
  sendLink: 'إرسال الرابط',
  resetSentTitle: 'تحقّق من بريدك الإلكتروني',
  resetSent:
    'إذا كان هذا البريد الإلكتروني مسجّلًا لحساب، فقد أرسلنا إليه رسالة فيها رابط لاختيار كلمة مرور جديدة. ' +
    'الرابط صالح لمدة ساعة واحدة.',
  enterEmail: 'أدخل بريدك الإلكتروني.',
  tooManyRequests: 'طلبات كثيرة جدًا. حاول مرة أخرى بعد {seconds} ثانية.',
  backToSignIn: 'العودة إلى تسجيل الدخول',
  signOutTitle: 'تسجيل الخروج',
  signOutQuestion: 'هل تريد تسجيل الخروج؟',
  signOut: 'تسجيل الخروج',
  signedOutTitle: 'تم تسجيل الخروج',
  signedOut: 'لقد سجّلت الخروج.',
  backTo: 'العودة إلى {name}',
  notFoundTitle: 'غير موجود',
  unknownSignIn: 'عنوان تسجيل الدخول هذا غير معروف.',
  unknownSignOut: 'عنوان تسجيل الخروج هذا غير معروف.',
  signInRefused: 'تم رفض تسجيل الدخول',
  signOutRefused: 'تم رفض تسجيل الخروج',
  signOutExpired: 'انتهت صلاحية الصفحة. سجّل الخروج مرة أخرى.',
};

const CATALOGUES: Readonly<Record<Language, SignInMessages>> = { en, ar };

export function signInMessages(language: Language): SignInMessages {
  return CATALOGUES[language];
}

/** A rule of the password policy in the page's words (after "must"). */
export function ruleText(t: SignInMessages, rule: PasswordRule): string {
  if (rule === 'min-length') return formatMessage(t.ruleMinLength, { min: PASSWORD_MIN_LENGTH });
  return rule === 'not-login' ? t.ruleNotLogin : t.ruleNotEmail;
}
