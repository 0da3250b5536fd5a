import { IsInt, IsString, MetadataStorage, getMetadataStorage, validateSync } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata.setup';

class Person {
  @IsString()
  name: unknown;

  age: unknown;
}

function failedFields(value: object): string[] {
  return validateSync(value).map((error) => error.property);
}

describe('cacheValidationMetadata', () => {
  beforeAll(() => cacheValidationMetadata());

  it('looks a class up once until rules are added', () => {
    const storage = new MetadataStorage();
    const lookup = jest.spyOn(storage, 'getTargetValidationMetadatas');
    cacheValidationMetadata(storage);
    storage.getTargetValidationMetadatas(Person, '', false, false);
    const again = storage.getTargetValidationMetadatas(Person, '', false, false);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(storage.getTargetValidationMetadatas(Person, '', true, false)).not.toBe(again);
    expect(lookup).toHaveBeenCalledTimes(2);
    storage.addValidationMetadata(getMetadataStorage().getTargetValidationMetadatas(Person, '', false, false)[0]);
    storage.getTargetValidationMetadatas(Person, '', false, false);
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it('validates with the cached rules', () => {
    expect(failedFields(Object.assign(new Person(), { name: 1 }))).toEqual(['name']);
    expect(failedFields(Object.assign(new Person(), { name: 'Ann' }))).toEqual([]);
  });

  it('sees rules added after a lookup, on the class and on classes extending it', () => {
    expect(failedFields(Object.assign(new Person(), { name: 'Ann', age: 'old' }))).toEqual([]);
    IsInt()(Person.prototype, 'age');
    expect(failedFields(Object.assign(new Person(), { name: 'Ann', age: 'old' }))).toEqual(['age']);

    class Employee extends Person {
      @IsString()
      team: unknown;
    }
    expect(failedFields(Object.assign(new Employee(), { name: 3, age: 1, team: 4 })).sort()).toEqual(['name', 'team']);
  });
});
