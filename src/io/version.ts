/** The app's version as model files record it (`generatedBy`); a test keeps it equal to package.json's. */
export const LENSBOARD_VERSION = '0.1.0';
export const GENERATED_BY = `Lensboard ${LENSBOARD_VERSION}`;
