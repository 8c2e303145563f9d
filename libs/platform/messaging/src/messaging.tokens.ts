/** The in-process broker of embedded mode (one per application). */
export const IN_PROCESS_BROKER = Symbol('IN_PROCESS_BROKER');
