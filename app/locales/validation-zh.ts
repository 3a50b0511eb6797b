// Chinese for the English messages of the zod schemas in server/**/*.schema.ts. The API answers in English; pages
// show these. tests/unit/i18n.test.ts checks that every schema message has an entry.
export const VALIDATION_ZH: Record<string, string> = {
  'Username is required': '请输入用户名',
  'Username must be at least 2 characters': '用户名至少 2 个字符',
  'Username must be at most 32 characters': '用户名最多 32 个字符',
  'Username may contain letters, digits, "_", "-" and "." only': '用户名只能包含字母、数字、"_"、"-" 和 "."',
  'Password is required': '请输入密码',
  'Password must be at least 6 characters': '密码至少 6 个字符',
  'Password must be at most 128 characters': '密码最多 128 个字符',
  'Password must not start or end with a space': '密码首尾不能是空格',
  'Password must mix at least two of: letters, digits, symbols': '密码需混合字母、数字、符号中的至少两类',
  'Please confirm the password': '请再次输入密码',
  'Passwords do not match': '两次输入的密码不一致',
  'Nickname must be at most 20 characters': '昵称最多 20 个字符',
  'Name is required': '请输入名称',
  'Name must be at most 50 characters': '名称最多 50 个字符',
  'expiresIn must be one of 30d, 90d, 1y, never': '有效期只能是 30 天、90 天、1 年或永久',
};
