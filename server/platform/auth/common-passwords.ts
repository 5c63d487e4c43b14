/** The most common passwords of eight or more characters (lower case); refused when setting a password. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', '12345678', '123456789', '1234567890', 'qwertyuiop', 'password1', 'password123', 'iloveyou',
  'sunshine', 'princess', 'football', 'baseball', 'welcome1', 'welcome123', 'abc12345', 'qwerty123',
  '1q2w3e4r', '1qaz2wsx', 'zaq12wsx', 'trustno1', 'superman', 'batman123', 'letmein1', 'letmein123',
  'passw0rd', 'p@ssw0rd', 'p@ssword', 'admin123', 'administrator', 'changeme', 'changeme123', 'whatever',
  'starwars', 'dragon123', 'master123', 'monkey123', 'shadow123', 'michael1', 'jennifer', 'charlie1',
  '11111111', '00000000', '88888888', '12341234', '123123123', '987654321', '87654321', 'qwertyui',
  'asdfghjk', 'zxcvbnm1', 'asdfasdf', 'qazwsxedc', '1234qwer', 'qwer1234', 'computer', 'internet',
  'football1', 'iloveyou1', 'princess1', 'sunshine1', 'welcome!', 'password!', 'passwort', 'motdepasse',
  'contrasena', '123456789a', 'a1234567', 'aa123456', 'abcd1234', 'abcdefgh', '12qwaszx', 'q1w2e3r4',
  'q1w2e3r4t5', '1q2w3e4r5t', '12344321', '11223344', '55555555', '66666666', '77777777', '99999999',
  '22222222', '33333333', '44444444', '123qweasd', '1qazxsw2', 'hello123', 'freedom1', 'whatever1',
  'secret123', 'summer2024', 'summer2025', 'summer2026', 'winter2025', 'winter2026', 'spring2026', 'autumn2026',
  'password2024', 'password2025', 'password2026', 'company123', 'letmeinnow',
]);
