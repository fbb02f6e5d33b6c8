declare module 'geoip-country' {
  interface Lookup {
    country: string;
    name?: string;
    currency?: string[];
  }
  const geoip: { lookup(ip: string): Lookup | null };
  export default geoip;
}
