/** The avatar text (docs/PRODUCT.md "The calculator"): the first two letters of the username in upper case. */
export function initialsOf(username: string): string {
  return Array.from(username.trim()).slice(0, 2).join('').toUpperCase();
}

/** The role label under the username. */
export function roleLabel(isAdmin: boolean): 'Administrator' | 'User' {
  return isAdmin ? 'Administrator' : 'User';
}
