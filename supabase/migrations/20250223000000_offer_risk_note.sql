-- The warning an offer carries by what it promotes (app/catalogue/risk-notes.ts): the gambling warning, the risk of
-- losing capital on crypto-assets or on an investment (shares, real-estate crowdfunding, savings invested in funds), or
-- none. The owner sets it in the back office or the CSV; null leaves the offer its bundled entry's note, else its
-- category's. A brand listed under betting carries the gambling warning whatever this column says.
alter table public.brands
  add column if not exists risk_note text
    check (risk_note is null or risk_note in ('betting', 'crypto', 'investment', 'none'));
