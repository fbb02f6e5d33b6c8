import { describe, expect, it } from 'vitest';
import { extractFunctions } from '../src/functions/index.ts';

/**
 * What round 21 still left after its leftovers (docs/metrics/outdated.md, "After round 21's
 * leftovers"), fixed at the cause before round 22 was measured. Round 21 is a tuning set.
 */

const verdicts = async (src: string, language: string, file = 'x'): Promise<string[]> =>
  (await extractFunctions(src, language, file)).map((f) => f.outdated.status);

describe('OUTDATED, before round 22: a YARD line without a name that starts with `is` (tuning)', () => {
  const index = (params: string) =>
    `class Index\n  # Reads the index file from the directory.\n  #\n  # @param [Pathname] index file path\n  # @param [Boolean] is the index file global index\n  def load_index(${params})\n    @path = index_file\n    @global = ${params.split(',')[1]?.split('=')[0]?.trim() ?? 'nil'}\n  end\nend\n`;
  it('`@param [Boolean] is the index file global index` describes the parameter at its place (rubygems `Index.load_index`)', async () => {
    expect(await verdicts(index('index_file, global = false'), 'Ruby')).toEqual(['CURRENT']);
  });
  it('where the parameter at that place is documented elsewhere, `is` stays a stale name', async () => {
    const src = `class Index\n  # Reads the index.\n  #\n  # @param [Pathname] index_file the file\n  # @param [Boolean] is the index file global index\n  # @param [Boolean] global whether global\n  def load_index(index_file, global = false)\n    @path = index_file\n    @global = global\n  end\nend\n`;
    expect(await verdicts(src, 'Ruby')).toEqual(['OUTDATED']);
  });
});

describe("OUTDATED, before round 22: a Rails controller action's doc lists the request's parameters (tuning)", () => {
  const controller = (klass: string, params: string) =>
    `module Spree\n  module Api\n    class ${klass} < Spree::Api::BaseController\n      # Update a user's address book by adding an address to it or by updating\n      # an existing address.\n      #\n      # @param [String] user_id the user's id\n      # @param [Hash] address_book the address to add\n      def update${params}\n        user = Spree.user_class.find(params[:user_id])\n        address = user.save_in_address_book(address_params, params[:default])\n        respond_with address\n      end\n    end\n  end\nend\n`;
  it('an action without parameters in a `…Controller` class (solidus `AddressBooksController#update`)', async () => {
    expect(await verdicts(controller('AddressBooksController', ''), 'Ruby')).toEqual(['CURRENT']);
  });
  it('the same method outside a controller, or with parameters of its own, keeps the verdict', async () => {
    expect(await verdicts(controller('AddressBooks', ''), 'Ruby')).toEqual(['OUTDATED']);
    expect(await verdicts(controller('AddressBooksController', '(user)'), 'Ruby')).toEqual(['OUTDATED']);
  });
});

describe('OUTDATED, before round 22: the keys of a Ruby hash argument documented as `@param` (tuning)', () => {
  const find = (keys: string) =>
    `class Registry\n  # Finds the activators matching the filters.\n  #\n  # @param [Symbol] plugin_name\n  # @param [Symbol] plugin_type\n  # @param [Symbol] activator_name\n  # @return [Array] activators\n  def find_activators(filters = {})\n    plugin_type_activators.select do |act|\n      ${keys}.all? do |criteria|\n        !filters.key?(criteria) || [filters[criteria]].flatten.include?(act.send(criteria))\n      end\n    end\n  end\nend\n`;
  it("names the body uses as the hash's keys (`%i{plugin_name plugin_type activator_name}`: inspec `Registry.find_activators`)", async () => {
    expect(await verdicts(find('%i{plugin_name plugin_type activator_name}'), 'Ruby')).toEqual(['CURRENT']);
    expect(await verdicts(find('[:plugin_name, :plugin_type, :activator_name]'), 'Ruby')).toEqual(['CURRENT']);
  });
  it('a name the body never uses as a key keeps the verdict', async () => {
    expect(await verdicts(find('%i{plugin_type activator_name}'), 'Ruby')).toEqual(['OUTDATED']);
  });
});
