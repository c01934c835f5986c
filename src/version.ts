// cloudplane's own version, as package.json says: the command line prints it
// (`cloudplane version`), and the service reports it (`GET /healthz`).
import packageJson from '../package.json' with { type: 'json' };

export const CLOUDPLANE_VERSION: string = packageJson.version;
