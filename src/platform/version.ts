import pkg from '../../package.json' with { type: 'json' };

/** egdocs' own version, from package.json. */
export const VERSION: string = pkg.version;
