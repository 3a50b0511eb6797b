import type { Messages } from './en';

const zh: Messages = {
  app: {
    name: 'SakuraNav',
    tagline: '把常用网站，整整齐齐放在一起。',
    skipToContent: '跳到主要内容',
    footer: '自托管导航面板',
  },
  nav: {
    home: '首页',
    login: '登录',
    logout: '退出登录',
    profile: '个人空间',
    admin: '用户管理',
    mainMenu: '主菜单',
  },
  prefs: {
    theme: '主题',
    themeLight: '浅色',
    themeDark: '深色',
    themeSystem: '跟随系统',
    language: '语言',
    apply: '应用',
    switchToDark: '切换到深色主题',
    switchToLight: '切换到浅色主题',
  },
  setup: {
    title: '欢迎使用 SakuraNav',
    intro: '创建管理员账号，完成本实例的初始化。',
    username: '管理员用户名',
    password: '密码',
    confirmPassword: '确认密码',
    passwordHint: '至少 6 位，需混合字母、数字或符号中的两类。',
    submit: '创建管理员',
    already: '本实例已完成初始化。',
    seeded: '我们会添加一些示例标签和卡片，让面板一开始就不空。',
  },
  errors: {
    notFoundTitle: '页面不存在',
    notFoundBody: '你访问的页面不存在或已被移动。',
    forbiddenTitle: '无权访问',
    forbiddenBody: '你没有权限查看此页面。',
    unauthorizedTitle: '请先登录',
    unauthorizedBody: '登录后才能查看此页面。',
    serverTitle: '出了点问题',
    serverBody: '发生了意外错误，请稍后再试。',
    backHome: '返回导航页',
    csrf: '表单已过期，请重试。',
    generic: '出了点问题，请重试。',
    rateLimited: '尝试次数过多，请在 {{seconds}} 秒后重试。',
  },
  toast: {
    dismiss: '关闭',
    undo: '撤销',
  },
};

export default zh;
