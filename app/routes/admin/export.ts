export async function loader() { return null; }
