import { describe, expect, it } from 'vitest';
import { typeDecls } from '../src/facts/schemas.ts';

/**
 * Java record components found on the ninth round's spring-boot-commerce (docs/metrics/arch-api-facts.md,
 * "Ninth round"): an annotation whose string argument holds parentheses (`@Schema(description = "price (in
 * won, 1 or more)")`), annotations on the line before the type, and a type-use annotation inside a generic.
 */
describe('Java records, ninth round', () => {
  it('every component is a field, whatever its annotations hold', () => {
    const code = [
      'public record CheckoutRequest(',
      '        @Schema(description = "variant ids (one or more)", nullable = true) @Nullable @Size(min = 1)',
      '        List<@NotNull UUID> variantIds,',
      '        @Schema(description = "address") @NotNull @Valid AddressRequest shippingAddress,',
      '        @Schema(description = "fee (in won)") @NotNull @PositiveOrZero',
      '        Long shippingFee,',
      '        @Schema(description = "coupon", nullable = true) @Nullable',
      '        UUID issuedCouponId) {}',
    ].join('\n');
    const [decl] = typeDecls({ rel: 'CheckoutRequest.java', language: 'Java', text: code }, code);
    expect(decl!.fields.map((f) => `${f.name}:${f.type}${f.required ? '!' : ''}`)).toEqual([
      'variantIds:List<UUID>',
      'shippingAddress:AddressRequest!',
      'shippingFee:Long!',
      'issuedCouponId:UUID',
    ]);
  });
});
