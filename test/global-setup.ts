export async function setup(): Promise<void> {}
