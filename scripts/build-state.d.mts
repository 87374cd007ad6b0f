/** Whether dist/ under `root` (default: the working folder) holds a build of the current sources. */
export function buildIsCurrent(root?: string): boolean;
