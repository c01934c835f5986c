// Where the console is mounted on the main listener. Its own module, so the
// pages can build links to each other without importing the plugin that
// registers them.
export const CONSOLE_ROOT = '/console';
