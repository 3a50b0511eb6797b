const en = {
  app: {
    name: 'SakuraNav',
    tagline: 'Your web, neatly arranged.',
    skipToContent: 'Skip to content',
    footer: 'Self-hosted navigation dashboard',
  },
  nav: {
    home: 'Home',
    login: 'Sign in',
    logout: 'Sign out',
    profile: 'Profile',
    admin: 'Users',
    mainMenu: 'Main menu',
  },
  prefs: {
    theme: 'Theme',
    themeLight: 'Light',
    themeDark: 'Dark',
    themeSystem: 'System',
    language: 'Language',
    apply: 'Apply',
    switchToDark: 'Switch to dark theme',
    switchToLight: 'Switch to light theme',
  },
  setup: {
    title: 'Welcome to SakuraNav',
    intro: 'Create the administrator account to finish setting up this instance.',
    username: 'Administrator username',
    password: 'Password',
    confirmPassword: 'Confirm password',
    passwordHint: 'At least 6 characters, mixing letters, digits or symbols.',
    submit: 'Create administrator',
    already: 'This instance is already set up.',
    seeded: 'A few starter tags and cards will be added so the dashboard is not empty.',
  },
  errors: {
    notFoundTitle: 'Page not found',
    notFoundBody: 'The page you asked for does not exist or has moved.',
    forbiddenTitle: 'Not allowed',
    forbiddenBody: 'You do not have permission to see this page.',
    unauthorizedTitle: 'Please sign in',
    unauthorizedBody: 'You need to sign in to see this page.',
    serverTitle: 'Something went wrong',
    serverBody: 'An unexpected error occurred. Please try again in a moment.',
    backHome: 'Back to the dashboard',
    csrf: 'Your form expired. Please try again.',
    generic: 'Something went wrong. Please try again.',
    rateLimited: 'Too many attempts. Please wait {{seconds}} seconds and try again.',
  },
  toast: {
    dismiss: 'Dismiss',
    undo: 'Undo',
  },
};

export default en;
export type Messages = typeof en;
