// HTTP Basic credentials as the Authorization header carries them (RFC 7617), for the tests' own requests.
export const basic = (user: string, key = 'key') => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;
